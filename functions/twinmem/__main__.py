from twinmem.cli import main

raise SystemExit(main())

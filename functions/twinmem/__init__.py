"""twinmem: a temporal memory service for AI agents (shared Lambda package)."""

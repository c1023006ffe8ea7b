"""Infrastructure as data (template.yaml readers) and the local stand-ins for AWS."""

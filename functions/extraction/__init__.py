"""Lambda function: extraction."""

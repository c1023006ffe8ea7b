"""Lambda function: retrieve."""

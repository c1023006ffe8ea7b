"""Lambda function: memories."""

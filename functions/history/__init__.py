"""Lambda function: history."""

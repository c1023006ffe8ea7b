"""Lambda function: admin."""

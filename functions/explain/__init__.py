"""Lambda function: explain."""

"""Lambda function: maintenance."""

"""Lambda function: apikeys."""

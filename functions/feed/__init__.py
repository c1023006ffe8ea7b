"""Lambda function: feed."""

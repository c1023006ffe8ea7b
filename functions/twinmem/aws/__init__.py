"""The AWS floor: the only boto3 and botocore imports. The store (store/: DynamoDB, every key, query,
condition and transaction) and the one Bedrock runtime client (bedrock.py)."""

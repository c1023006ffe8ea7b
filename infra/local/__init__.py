"""The local stand-in for API Gateway and the stream event source mapping, over moto or a real table."""

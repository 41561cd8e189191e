"""The report's (004) mean estimators as exact and simulated models: randomized response, Bassily-Smith,
the binned mean and its interval, and the Gaussian baseline with its exact privacy curve."""

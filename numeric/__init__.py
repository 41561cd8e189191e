"""Exact and high-precision computation: belief functions, evidential mechanisms and their privacy
losses, exhaustive multinomial enumeration, trade-off functions, simulation."""

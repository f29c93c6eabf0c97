"""Reference loops the benchmarks time the real code against and the tests compare it with."""

"""The framework every rule system builds on: dice, modifiers, requests/results, protocol."""

// StrykerReport moved to LitmusModel with the other report values; `import LitmusReport` still brings it.
@_exported import LitmusModel

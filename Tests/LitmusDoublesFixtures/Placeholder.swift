// The plugin reads these protocols, which carry no attribute.
public protocol FixturePlaceholder {}

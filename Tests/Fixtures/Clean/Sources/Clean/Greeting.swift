import Punctuation

/// A greeting for `name`, or for the world when the name is empty.
public func greeting(for name: String) -> String {
    exclaimed(name.isEmpty ? "Hello, world" : "Hello, \(name)")
}

/// A Swift source file handed to a part that reads code (the doubles' generator, the specs scanner): the
/// path its messages name, and its text.
public struct SourceFile: Sendable, Hashable {
    /// The path diagnostics and warnings name.
    public let path: String
    /// The file's text.
    public let text: String

    /// A file at `path` holding `text`.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

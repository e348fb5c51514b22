import Foundation

/// Notes kept as files in a folder.
public struct Notebook {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// Writes a note named `name`.
    public func write(_ text: String, named name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    /// The names of the notes, sorted.
    public func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }
}

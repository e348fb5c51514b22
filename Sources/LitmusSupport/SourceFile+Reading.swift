import Foundation

extension SourceFile {
    /// The file at `path`, read as UTF-8.
    package init(contentsOf path: String) throws {
        self.init(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
    }
}

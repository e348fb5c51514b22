import Foundation

/// Where each instrumented function of a binary lies in its sources, from `llvm-cov export`'s `functions`: the
/// span of its body, and the hashes its raw-profile record may carry (``NameHash`` of its name, or, for a
/// function private to its file, of the file and the name).
struct FunctionMap: Sendable {
    /// One function.
    struct Function: Sendable, Hashable {
        /// The hashes its profile record may carry.
        var hashes: [UInt64]
        /// Its body's first line and column.
        var start: SourcePoint
        /// Its body's last line and column.
        var end: SourcePoint

        /// Whether its body holds `point`.
        func holds(_ point: SourcePoint) -> Bool { start <= point && point <= end }

        /// How long its body is, to find the innermost of nested functions (a closure in a test).
        var span: Int { (end.line - start.line) * 10_000 + end.column - start.column }
    }

    /// A line and column, from 1.
    struct SourcePoint: Sendable, Hashable, Comparable {
        var line: Int
        var column: Int

        static func < (left: SourcePoint, right: SourcePoint) -> Bool {
            (left.line, left.column) < (right.line, right.column)
        }
    }

    /// The functions of each file, by its path as compiled.
    var files: [String: [Function]]

    /// The innermost function whose body holds `line:column` of `file`, if any.
    func function(in file: String, line: Int, column: Int) -> Function? {
        let point = SourcePoint(line: line, column: column)
        return files[file]?.filter { $0.holds(point) }.min { $0.span < $1.span }
    }

    /// Reads `llvm-cov export`'s JSON (with functions, `-skip-expansions`).
    static func read(fromExport data: Data) throws -> FunctionMap {
        let export = try JSONDecoder().decode(Export.self, from: data)
        var files: [String: [Function]] = [:]
        for function in export.data.flatMap(\.functions) {
            guard let file = function.filenames.first else { continue }
            let own = function.regions.filter { $0.count > 5 && $0[5] == 0 }
            guard let first = own.first else { continue }
            var start = SourcePoint(line: first[0], column: first[1])
            var end = SourcePoint(line: first[2], column: first[3])
            for region in own.dropFirst() {
                start = min(start, SourcePoint(line: region[0], column: region[1]))
                end = max(end, SourcePoint(line: region[2], column: region[3]))
            }
            let hashes = [NameHash.of(function.name), NameHash.of(file + ":" + function.name)]
            files[file, default: []].append(Function(hashes: hashes, start: start, end: end))
        }
        return FunctionMap(files: files)
    }

    private struct Export: Decodable {
        var data: [Unit]
    }

    private struct Unit: Decodable {
        var functions: [ExportedFunction]
    }

    private struct ExportedFunction: Decodable {
        var name: String
        var regions: [[Int]]
        var filenames: [String]
    }
}

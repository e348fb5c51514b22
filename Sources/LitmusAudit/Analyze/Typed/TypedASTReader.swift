import Foundation

/// Reads the compiler's typed AST (`swiftc -dump-ast -dump-ast-format json`: one JSON object per source
/// file, one after the other) into ``TypedFileFacts``, in one pass over its bytes: no tree of the JSON is
/// built, only the facts are kept (a test module of 23 files dumps 16 MB). Each object with a `_kind` and a
/// `range` is a fact: its `type`, and the `decl_usr` of its `decl` (a reference) or its own `usr` (a
/// declaration). What macros expanded (a macro's `rewritten` form, a node with a `buffer_id`: places in the
/// expansion, not in the file) is left out; the arguments written in the file stay.
public enum TypedASTReader {
    /// JSON the reader cannot read, with where it stopped.
    public struct Malformed: Error, CustomStringConvertible {
        /// The byte offset in the dump.
        public var offset: Int
        /// What was expected there.
        public var expected: String
        public var description: String { "the typed AST is not JSON at byte \(offset): expected \(expected)" }
    }

    /// The facts of each file the dump holds, by the path the compiler names it with; only the files
    /// `keeping` accepts are collected (the others are read past).
    public static func read(_ data: Data, keeping: (String) -> Bool = { _ in true }) throws -> [String:
        TypedFileFacts]
    {
        try withoutActuallyEscaping(keeping) { keeping in
            try data.withUnsafeBytes { raw in
                var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self), keeping: keeping)
                try scanner.readAll()
                return scanner.files
            }
        }
    }

    /// What an object under a key is to the node holding it.
    private enum Role {
        /// Any object: a node of the AST when it has a `_kind` and a `range`.
        case node
        /// The `range` of the node above: its `start` and `end`.
        case range
        /// The `decl` of the reference above: its `decl_usr`.
        case declaration
    }

    /// One open object or array.
    private struct Frame {
        var isObject: Bool
        var role: Role
        /// The key whose value comes next (objects).
        var key: Range<Int>?
        var kind: String?
        var type: String?
        var declaration: String?
        var start: Int?
        var end: Int?
        var implicit = false
        /// A place in a macro's expansion, not in the file.
        var expanded = false
        var filename: String?
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        let keeping: (String) -> Bool
        var index = 0
        var stack: [Frame] = []
        var files: [String: TypedFileFacts] = [:]
        /// The file being read, when it is kept.
        var builder: TypedFileFacts.Builder?

        init(bytes: UnsafeBufferPointer<UInt8>, keeping: @escaping (String) -> Bool) {
            self.bytes = bytes
            self.keeping = keeping
        }

        /// Every top-level object; text between them (never there on standard output) is skipped.
        mutating func readAll() throws {
            while true {
                skipSpace()
                guard index < bytes.count else { return }
                guard bytes[index] == UInt8(ascii: "{") else {
                    // Not JSON: skip to the next line that starts an object.
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "{") && isLineStart(index)) {
                        index += 1
                    }
                    continue
                }
                try readValue()
            }
        }

        private func isLineStart(_ position: Int) -> Bool { position == 0 || bytes[position - 1] == 0x0A }

        /// One value, its nested values walked with an explicit stack (an AST can nest deeper than a
        /// thread's stack allows recursion).
        private mutating func readValue() throws {
            let base = stack.count
            repeat {
                skipSpace()
                guard index < bytes.count else { throw Malformed(offset: index, expected: "a value") }
                if var top = stack.last, top.isObject, top.key == nil {
                    // A key, or the object's end.
                    if bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        close()
                        afterValue()
                        continue
                    }
                    if bytes[index] == UInt8(ascii: ",") { index += 1 }
                    skipSpace()
                    top.key = try readString()
                    skipSpace()
                    try expect(":")
                    stack[stack.count - 1] = top
                    continue
                }
                if let top = stack.last, !top.isObject {
                    if bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        stack.removeLast()
                        afterValue()
                        continue
                    }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipSpace()
                    }
                }
                try readScalarOrOpen()
            } while stack.count > base
        }

        /// After a value closes: the object holding it expects its next key.
        private mutating func afterValue() {
            guard !stack.isEmpty, stack[stack.count - 1].isObject else { return }
            stack[stack.count - 1].key = nil
        }

        /// A string, number, literal, or the start of an object or array (pushed).
        private mutating func readScalarOrOpen() throws {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                index += 1
                var frame = Frame(isObject: true, role: roleOfNextObject())
                frame.expanded = opensExpansion()
                stack.append(frame)
            case UInt8(ascii: "["):
                index += 1
                var frame = Frame(isObject: false, role: .node)
                frame.expanded = opensExpansion()
                stack.append(frame)
            case UInt8(ascii: "\""):
                let value = try readString()
                assign(string: value)
                afterValue()
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                let word = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
                guard index + word.utf8.count <= bytes.count,
                    zip(bytes[index..<index + word.utf8.count], word.utf8).allSatisfy({ $0 == $1 })
                else { throw Malformed(offset: index, expected: word) }
                index += word.utf8.count
                if byte == UInt8(ascii: "t"), isKey("implicit") { stack[stack.count - 1].implicit = true }
                afterValue()
            default:
                let number = try readNumber()
                assign(number: number)
                afterValue()
            }
        }

        /// Whether a value opening here lies in a macro's expansion: under a `rewritten` key, or inside a value
        /// that does.
        private func opensExpansion() -> Bool {
            guard let top = stack.last else { return false }
            return top.expanded || (top.isObject && isKey("rewritten"))
        }

        /// The role of an object opening under the current key.
        private func roleOfNextObject() -> Role {
            guard let top = stack.last, top.isObject, top.role == .node else { return .node }
            if isKey("range") { return .range }
            if isKey("decl") { return .declaration }
            return .node
        }

        private func isKey(_ name: StaticString) -> Bool {
            guard let key = stack.last?.key else { return false }
            return equal(key, name)
        }

        private func equal(_ range: Range<Int>, _ name: StaticString) -> Bool {
            guard range.count == name.utf8CodeUnitCount else { return false }
            let pointer = name.utf8Start
            for offset in 0..<range.count where bytes[range.lowerBound + offset] != pointer[offset] { return false }
            return true
        }

        /// A string value under the current key: kept when it is one the facts need.
        private mutating func assign(string range: Range<Int>) {
            guard let top = stack.last, top.isObject else { return }
            switch top.role {
            case .node:
                if isKey("_kind") {
                    stack[stack.count - 1].kind = text(range)
                } else if isKey("type") {
                    stack[stack.count - 1].type = text(range)
                } else if isKey("usr") {
                    stack[stack.count - 1].declaration = text(range)
                } else if isKey("buffer_id") {
                    stack[stack.count - 1].expanded = true
                } else if isKey("filename") {
                    stack[stack.count - 1].filename = text(range)
                }
            case .declaration:
                if isKey("decl_usr"), stack.count >= 2 { stack[stack.count - 2].declaration = text(range) }
            case .range:
                // A place in a macro's expansion buffer (`@Test`'s peers, `#expect`'s code): its offsets are that
                // buffer's, not the file's, and would land on unrelated places of the file.
                if isKey("buffer_id"), stack.count >= 2 { stack[stack.count - 2].expanded = true }
            }
        }

        /// A number under the current key: a range's `start` or `end`.
        private mutating func assign(number: Int?) {
            guard let top = stack.last, top.isObject, top.role == .range, stack.count >= 2, let number else { return }
            if isKey("start") {
                stack[stack.count - 2].start = number
            } else if isKey("end") {
                stack[stack.count - 2].end = number
            }
        }

        /// Closes the object on top: a node becomes a fact; a source file's facts are kept.
        private mutating func close() {
            let frame = stack.removeLast()
            guard frame.role == .node, let kind = frame.kind else { return }
            // A key path's component names its member but has no place: the key path has, and its last member is
            // what it reads (`$0.description` through `@dynamicMemberLookup` is an implicit `\.description`).
            if kind == "member", frame.start == nil, let declaration = frame.declaration,
                let path = stack.lastIndex(where: { $0.kind == "keypath_expr" })
            {
                stack[path].declaration = declaration
            }
            if kind == "source_file" {
                if let done = builder, let name = frame.filename { files[name] = done.finish() }
                builder = nil
                return
            }
            if let start = frame.start, let end = frame.end, !frame.expanded {
                builder?.add(
                    start: start, end: end, kind: kind, type: frame.type, declaration: frame.declaration,
                    implicit: frame.implicit)
            }
            // A source file names itself before its items: its facts start being kept from there.
        }

        private mutating func readString() throws -> Range<Int> {
            try expect("\"")
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < bytes.count else { throw Malformed(offset: start, expected: "the end of a string") }
            let range = start..<index
            index += 1
            // The file's name comes before its items: decide now whether its facts are kept.
            if let top = stack.last, top.isObject, top.role == .node, top.key.map({ equal($0, "filename") }) == true {
                let name = text(range)
                builder = stack.count == 1 && keeping(name) ? TypedFileFacts.Builder() : nil
            }
            return range
        }

        private mutating func readNumber() throws -> Int? {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            guard index > start else { throw Malformed(offset: start, expected: "a value") }
            return Int(String(decoding: bytes[start..<index], as: UTF8.self))
        }

        /// The text of a string's bytes, its escapes read.
        private func text(_ range: Range<Int>) -> String {
            let raw = bytes[range]
            guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
            let quoted = "\"" + String(decoding: raw, as: UTF8.self) + "\""
            return (try? JSONDecoder().decode(String.self, from: Data(quoted.utf8)))
                ?? String(decoding: raw, as: UTF8.self)
        }

        private mutating func skipSpace() {
            while index < bytes.count {
                let byte = bytes[index]
                guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
                index += 1
            }
        }

        private static func isNumberByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
        }

        private mutating func expect(_ character: Unicode.Scalar) throws {
            guard index < bytes.count, bytes[index] == UInt8(ascii: character) else {
                throw Malformed(offset: index, expected: "`\(character)`")
            }
            index += 1
        }
    }
}

import Foundation

/// What the compiler knows of the test sources, by place: the type of each expression and the declaration
/// each call or reference resolves to (its USR), read from the typed AST of the audit's own build
/// (``TypedASTReader``, ``TypedFactsStage``). The syntax pass proposes a finding; these facts decide it:
/// `print(ast:)` of the package is not the standard library's `print`, a `Decimal` compared with `==` is no
/// floating-point comparison.
///
/// Without them (`litmus smells` builds nothing, or the compiler could not dump a module) ``problem`` says
/// why, and the findings that needed them are reported as unconfirmed.
public struct TypedFacts: Sendable, Codable {
    /// The facts of each source file, by its path.
    public var files: [String: TypedFileFacts] = [:]
    /// Why some test module has no facts (`no build`, the compiler's error), or `nil` when every one has.
    public var problem: String?

    /// Facts of no file, and why.
    public init(problem: String?) { self.problem = problem }

    /// Facts of the given files.
    public init(files: [String: TypedFileFacts], problem: String? = nil) {
        self.files = files
        self.problem = problem
    }

    /// The facts of the source file at `path`, or `nil` when it has none.
    public func file(_ path: String) -> TypedFileFacts? {
        files[path] ?? files[URL(fileURLWithPath: path).standardizedFileURL.path]
    }

    /// Why the facts of `path` are missing: ``problem``, or that the compiler did not read the file.
    public func missing(_ path: String) -> String {
        problem ?? "the compiler's typed AST has no \(URL(fileURLWithPath: path).lastPathComponent)"
    }

    /// The facts of the files of `other` added to these; its problem too.
    public mutating func merge(_ other: TypedFacts) {
        files.merge(other.files) { _, theirs in theirs }
        if let reason = other.problem { problem = problem.map { "\($0); \(reason)" } ?? reason }
    }

    /// The reason given when nothing was built: `litmus smells`.
    public static let noBuild = "no build (`litmus audit` confirms it with the compiler's types)"
}

/// One expression or reference the compiler typed, at a place of a source file: its first token's byte
/// offset, its last token's, its kind, its type and the declaration it refers to.
public struct TypedFact: Sendable, Hashable {
    /// The byte offset of its first token in the file.
    public var start: Int32
    /// The byte offset of its last token (a one-token expression starts and ends at the same offset).
    public var end: Int32
    /// Its kind in the compiler's AST (`declref_expr`, `call_expr`, …), an index of ``TypedFileFacts/kinds``.
    var kindIndex: Int32
    /// Its type, an index of ``TypedFileFacts/types``, or -1.
    var typeIndex: Int32
    /// The declaration it refers to, an index of ``TypedFileFacts/declarations``, or -1.
    var declarationIndex: Int32
    /// Whether the compiler made it (a conversion, a load, an argument it supplies), not the code.
    public var implicit: Bool
}

/// The facts of one source file, sorted by their start.
public struct TypedFileFacts: Sendable, Codable {
    /// The kinds the facts name.
    var kinds: [String] = []
    /// The mangled types the facts name.
    var types: [String] = []
    /// The declarations' USRs the facts name.
    var declarations: [String] = []
    /// The facts, sorted by start, then by end, the outermost first (of the same place too).
    private(set) var facts: [TypedFact] = []

    /// An empty file.
    init() {}

    /// The facts given, each with its kind, type and declaration as text.
    init(_ entries: [(start: Int, end: Int, kind: String, type: String?, declaration: String?, implicit: Bool)]) {
        var builder = Builder()
        for entry in entries {
            builder.add(
                start: entry.start, end: entry.end, kind: entry.kind, type: entry.type,
                declaration: entry.declaration, implicit: entry.implicit)
        }
        self = builder.finish()
    }

    /// Collects facts as the reader finds them, interning their texts.
    struct Builder {
        private var file = TypedFileFacts()
        private var kindIndex: [String: Int32] = [:]
        private var typeIndex: [String: Int32] = [:]
        private var declarationIndex: [String: Int32] = [:]

        /// Adds one fact.
        mutating func add(start: Int, end: Int, kind: String, type: String?, declaration: String?, implicit: Bool) {
            let kindNumber = Self.intern(kind, &kindIndex, &file.kinds)
            let typeNumber = type.flatMap { $0.isEmpty ? nil : Self.intern($0, &typeIndex, &file.types) } ?? -1
            let declarationNumber =
                declaration.flatMap { $0.isEmpty ? nil : Self.intern($0, &declarationIndex, &file.declarations) } ?? -1
            file.facts.append(
                TypedFact(
                    start: Int32(clamping: start), end: Int32(clamping: end), kindIndex: kindNumber,
                    typeIndex: typeNumber, declarationIndex: declarationNumber, implicit: implicit))
        }

        /// The file's facts, sorted, each once. Of facts with the same place, the outermost comes first: the
        /// reader adds a node after its children, so the later added is the outer.
        func finish() -> TypedFileFacts {
            var done = file
            let sorted = file.facts.enumerated().sorted {
                ($0.1.start, -$0.1.end, -$0.0) < ($1.1.start, -$1.1.end, -$1.0)
            }
            .map(\.1)
            done.facts = sorted.enumerated().filter { index, fact in index == 0 || sorted[index - 1] != fact }.map(\.1)
            return done
        }

        private static func intern(_ text: String, _ index: inout [String: Int32], _ table: inout [String]) -> Int32 {
            if let known = index[text] { return known }
            let number = Int32(table.count)
            table.append(text)
            index[text] = number
            return number
        }
    }

    /// The number of facts.
    public var count: Int { facts.count }

    /// The kind of `fact`.
    public func kind(of fact: TypedFact) -> String { kinds[Int(fact.kindIndex)] }
    /// The type of `fact`, if it has one.
    public func type(of fact: TypedFact) -> TypedType? {
        fact.typeIndex < 0 ? nil : TypedType(mangled: types[Int(fact.typeIndex)])
    }
    /// The declaration `fact` refers to, if any.
    public func declaration(of fact: TypedFact) -> TypedDeclaration? {
        fact.declarationIndex < 0 ? nil : TypedDeclaration(usr: declarations[Int(fact.declarationIndex)])
    }

    /// The facts starting at byte `start`, outermost first.
    public func facts(startingAt start: Int) -> ArraySlice<TypedFact> {
        let target = Int32(clamping: start)
        var low = 0
        var high = facts.count
        while low < high {
            let middle = (low + high) / 2
            if facts[middle].start < target { low = middle + 1 } else { high = middle }
        }
        var upper = low
        while upper < facts.count, facts[upper].start == target { upper += 1 }
        return facts[low..<upper]
    }

    /// The facts of exactly the expression from byte `start` to its last token at `end`, outermost first.
    public func facts(from start: Int, to end: Int) -> [TypedFact] {
        facts(startingAt: start).filter { $0.end == Int32(clamping: end) }
    }

    // The facts as flat arrays: compact, and quick to encode and decode for the cache.
    private enum CodingKeys: String, CodingKey { case kinds, types, declarations, starts, ends, kindsOf, typesOf, of }

    /// Reads facts as ``encode(to:)`` writes them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kinds = try container.decode([String].self, forKey: .kinds)
        types = try container.decode([String].self, forKey: .types)
        declarations = try container.decode([String].self, forKey: .declarations)
        let starts = try container.decode([Int32].self, forKey: .starts)
        let ends = try container.decode([Int32].self, forKey: .ends)
        let kindsOf = try container.decode([Int32].self, forKey: .kindsOf)
        let typesOf = try container.decode([Int32].self, forKey: .typesOf)
        let declarationsOf = try container.decode([Int32].self, forKey: .of)
        guard [ends.count, kindsOf.count, typesOf.count, declarationsOf.count].allSatisfy({ $0 == starts.count })
        else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "the fact arrays differ in length"))
        }
        facts = starts.indices.map { index in
            // The sign of the kind carries `implicit`: kinds are counted from 1 there.
            let kind = kindsOf[index]
            return TypedFact(
                start: starts[index], end: ends[index], kindIndex: abs(kind) - 1, typeIndex: typesOf[index],
                declarationIndex: declarationsOf[index], implicit: kind < 0)
        }
    }

    /// Writes the facts as flat arrays of numbers and the tables of their texts.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kinds, forKey: .kinds)
        try container.encode(types, forKey: .types)
        try container.encode(declarations, forKey: .declarations)
        try container.encode(facts.map(\.start), forKey: .starts)
        try container.encode(facts.map(\.end), forKey: .ends)
        try container.encode(facts.map { ($0.kindIndex + 1) * ($0.implicit ? -1 : 1) }, forKey: .kindsOf)
        try container.encode(facts.map(\.typeIndex), forKey: .typesOf)
        try container.encode(facts.map(\.declarationIndex), forKey: .of)
    }
}

import LitmusRunning
import SwiftSyntax

/// The mutant schema of one file: its text with every mutant compiled in, each behind a runtime
/// switch (`__litmusIsActive(id, file)`, reading `LITMUS_MUTANT`), so one build holds them all.
///
/// An expression becomes `(__litmusIsActive(7, 1) ? (mutated) : (original))`; a statement becomes
/// `if __litmusIsActive(7, 1) { mutated } else { original }`. A mutated branch holds the mutant's own
/// change only (one mutant is active at a time); the original branch holds the nested schemata.
public struct Schema: Sendable {
    /// The rewritten source.
    public var text: String
    /// Where each mutant's code and each wrapper landed in `text` (byte ranges), to map a compiler
    /// error back to the mutants it came from.
    public var spans: [Span]

    /// The bytes of `text` that belong to some mutants.
    public struct Span: Sendable, Hashable {
        /// The byte range in the schema's text.
        public var range: Range<Int>
        /// The mutants to drop when the compiler rejects code in `range`.
        public var mutants: [Int]
        /// Whether the range is one mutant's mutated branch (rather than a whole wrapper).
        public var isBranch: Bool
    }

    /// The name of the support file added to each mutated module.
    public static let supportFileName = "LitmusMutantSwitch.swift"

    /// The support file that declares the switch: the value of `LITMUS_MUTANT`, read once. A negative
    /// value `-n` is the sanity probe of file `n`: every switch of that file stops the process. With
    /// `LITMUS_COVERAGE` set to a path, the ids of the switches reached are appended to it at exit, each
    /// with how often it was evaluated (`id count`): each test's coverage, mutant by mutant (the counts
    /// are not atomic: threads evaluating one switch at once may lose a count). `mutantCount` is the highest id in the package.
    /// The switch is `@usableFromInline`, so `@inlinable` code can hold mutants too.
    public static func supportFile(mutantCount: Int) -> String {
        let size = mutantCount + 1
        return """
            // Added by `litmus mutate` to the scratch copy: the switch that selects the active mutant.
            #if canImport(Glibc)
                import Glibc
            #elseif canImport(Musl)
                import Musl
            #elseif canImport(Darwin)
                import Darwin
            #endif

            nonisolated(unsafe) let __litmusReached = UnsafeMutablePointer<UInt32>.allocate(capacity: \(size))

            nonisolated let __litmusCoverage: Bool = {
                guard getenv("LITMUS_COVERAGE") != nil else { return false }
                __litmusReached.initialize(repeating: 0, count: \(size))
                atexit { __litmusWriteReached() }
                return true
            }()

            nonisolated let __litmusMutant: Int = {
                guard let value = getenv("LITMUS_MUTANT") else { return 0 }
                return Int(String(cString: value)) ?? 0
            }()

            @inline(__always) @usableFromInline nonisolated func __litmusIsActive(_ id: Int, _ file: Int) -> Bool {
                if __litmusMutant == -file { fatalError("litmus mutate: sanity probe of file \\(file) reached") }
                if __litmusCoverage, id < \(size), __litmusReached[id] != .max { __litmusReached[id] &+= 1 }
                return __litmusMutant == id
            }

            nonisolated func __litmusWriteReached() {
                guard let path = getenv("LITMUS_COVERAGE"), let file = fopen(path, "a") else { return }
                for id in 0..<\(size) where __litmusReached[id] != 0 { fputs("\\(id) \\(__litmusReached[id])\\n", file) }
                fclose(file)
            }

            """
    }

    /// The schema of `source` with `mutants` (found in it) except those in `excluding`; `fileNumber`
    /// (from 1) is the number of its sanity probe.
    public init(source: String, mutants: [Mutant], fileNumber: Int, excluding: Set<Int> = []) {
        var builder = Builder(bytes: Array(source.utf8), fileNumber: fileNumber)
        let kept = mutants.filter { !excluding.contains($0.id) }
        let sites = Dictionary(grouping: kept) { $0.node }
            .map { Site(range: $0.key, mutants: $0.value.sorted { $0.id < $1.id }) }
            .sorted { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }
        builder.copy(0..<builder.bytes.count, sites: sites[...])
        text = String(decoding: builder.output, as: UTF8.self)
        spans = builder.spans
    }

    private struct Site {
        var range: Range<Int>
        var mutants: [Mutant]
        var isStatement: Bool { mutants.contains(where: \.isStatement) }
    }

    private struct Builder {
        let bytes: [UInt8]
        let fileNumber: Int
        var output: [UInt8] = []
        var spans: [Span] = []

        init(bytes: [UInt8], fileNumber: Int) {
            self.bytes = bytes
            self.fileNumber = fileNumber
        }

        /// Copies `range`, wrapping the sites inside it (sorted, outer before inner).
        mutating func copy(_ range: Range<Int>, sites: ArraySlice<Site>) {
            var cursor = range.lowerBound
            var index = sites.startIndex
            while index < sites.endIndex {
                let site = sites[index]
                var end = index + 1
                while end < sites.endIndex, sites[end].range.lowerBound < site.range.upperBound { end += 1 }
                output += bytes[cursor..<site.range.lowerBound]
                wrap(site, inner: sites[(index + 1)..<end])
                cursor = site.range.upperBound
                index = end
            }
            output += bytes[cursor..<range.upperBound]
        }

        private mutating func wrap(_ site: Site, inner: ArraySlice<Site>) {
            let start = output.count
            for mutant in site.mutants {
                let condition = "__litmusIsActive(\(mutant.id), \(fileNumber))"
                append(
                    site.isStatement
                        ? "if \(condition) {\n" : (mutant == site.mutants.first ? "(" : "") + condition + " ? (")
                let branch = output.count
                output += bytes[site.range.lowerBound..<mutant.changed.lowerBound]
                append(mutant.replacement)
                output += bytes[mutant.changed.upperBound..<site.range.upperBound]
                spans.append(Span(range: branch..<output.count, mutants: [mutant.id], isBranch: true))
                append(site.isStatement ? "\n} else " : ") : ")
            }
            append(site.isStatement ? "{\n" : "(")
            copy(site.range, sites: inner)
            append(site.isStatement ? "\n}" : "))")
            spans.append(Span(range: start..<output.count, mutants: site.mutants.map(\.id), isBranch: false))
        }

        private mutating func append(_ text: String) { output += Array(text.utf8) }
    }
}

extension Schema {
    /// The mutants to drop for a compiler error at `line`:`column` (1-based) of the schema's text: the
    /// mutant whose branch holds it, else those of the innermost wrapper holding it, else those of every
    /// wrapper on that line (a type checker that gives up points at the statement).
    public func mutants(blamedFor line: Int, column: Int) -> Set<Int> {
        let bytes = Array(text.utf8)
        var offset = 0
        var currentLine = 1
        while currentLine < line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { currentLine += 1 }
            offset += 1
        }
        let lineStart = offset
        var lineEnd = lineStart
        while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        offset = min(lineStart + max(column - 1, 0), bytes.count)
        let holding = spans.filter { $0.range.contains(offset) }
        if let branch = holding.filter(\.isBranch).min(by: { $0.range.count < $1.range.count }) {
            return Set(branch.mutants)
        }
        if let wrapper = holding.min(by: { $0.range.count < $1.range.count }) { return Set(wrapper.mutants) }
        let onLine = spans.filter { $0.range.overlaps(lineStart..<max(lineEnd, lineStart + 1)) }
        return Set(onLine.flatMap(\.mutants))
    }

    /// The mutants in the innermost statement holding `line`:`column` (1-based): what to drop when the
    /// type checker gives up on an expression ("unable to type-check this expression in reasonable
    /// time"), which the mutants of the statement made too costly, whatever part of it the error points at.
    public func mutants(inStatementAt line: Int, column: Int) -> Set<Int> {
        let tree = SwiftSource.parse(text)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let offset = converter.position(ofLine: line, column: column).utf8Offset
        final class Innermost: SyntaxVisitor {
            let offset: Int
            var found: Range<Int>?
            init(offset: Int) {
                self.offset = offset
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                let range =
                    node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
                guard range.contains(offset) else { return .skipChildren }
                // A file's top-level item is a whole declaration (a type, a function): not a statement.
                if node.parent?.parent?.is(SourceFileSyntax.self) != true { found = range }
                return .visitChildren
            }
        }
        let visitor = Innermost(offset: offset)
        visitor.walk(tree)
        guard let statement = visitor.found else { return [] }
        return Set(spans.filter { $0.range.overlaps(statement) }.flatMap(\.mutants))
    }

    /// The mutants in the innermost body (a function's, an accessor's, a closure's: braces included)
    /// holding `line`:`column` (1-based): what to drop when the error is about the body as a whole and
    /// points at its closing brace, outside every statement. A getter whose `while true` loop returns
    /// needs no return after it; with `true` behind a switch the compiler no longer knows the loop never
    /// ends ("missing return in getter", swift-case-paths' EnumReflection.swift).
    public func mutants(inBodyAt line: Int, column: Int) -> Set<Int> {
        let tree = SwiftSource.parse(text)
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        let offset = converter.position(ofLine: line, column: column).utf8Offset
        let bodies = tree.descendants(of: Syntax.self).filter {
            $0.is(CodeBlockSyntax.self) || $0.is(AccessorBlockSyntax.self) || $0.is(ClosureExprSyntax.self)
        }.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset..<$0.endPositionBeforeTrailingTrivia.utf8Offset }
        guard let body = bodies.filter({ $0.contains(offset) }).min(by: { $0.count < $1.count }) else { return [] }
        return Set(spans.filter { $0.range.overlaps(body) }.flatMap(\.mutants))
    }
}

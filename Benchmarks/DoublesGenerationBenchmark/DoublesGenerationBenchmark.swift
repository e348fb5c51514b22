import Foundation
import LitmusDoublesGenerator
import SwiftParser
import SwiftSyntax

/// Times the doubles generator over every protocol of a corpus of Swift sources:
///
///     swift run -c release DoublesGenerationBenchmark /tmp/litmus-doubles-corpus/src
///
/// (scripts/doubles-corpus extracts that corpus: every module of its packages.) It prints the time
/// per protocol to parse the files declaring protocols and generate every double, and to generate
/// alone, each the median of seven rounds, measured with ContinuousClock.
@main
enum DoublesGenerationBenchmark {
    static func main() throws {
        let root = CommandLine.arguments.dropFirst().first ?? "/tmp/litmus-doubles-corpus/src"
        // Files that declare a protocol: what a front end parses to double them.
        let sources = try swiftFiles(under: root).map { try String(contentsOfFile: $0, encoding: .utf8) }
            .filter { $0.contains("protocol ") }
        guard !sources.isEmpty else {
            print("No .swift files under \(root); run scripts/doubles-corpus first or pass a folder.")
            exit(66)
        }
        let generator = DoubleGenerator()
        let clock = ContinuousClock()
        var protocolCount = 0
        var parseAndGenerate: [Duration] = []
        var generateOnly: [Duration] = []
        for _ in 0..<7 {
            var trees: [SourceFileSyntax] = []
            var count = 0
            let total = clock.measure {
                for source in sources {
                    let tree = Parser.parse(source: source)
                    trees.append(tree)
                    for protocolDecl in protocols(in: tree) {
                        count += generator.generate(for: protocolDecl).source?.utf8.count ?? 0 > 0 ? 1 : 0
                    }
                }
            }
            let declarations = trees.flatMap(protocols(in:))
            protocolCount = declarations.count
            let generation = clock.measure {
                for declaration in declarations {
                    _ = generator.generate(for: declaration)
                }
            }
            parseAndGenerate.append(total)
            generateOnly.append(generation)
            _ = count
        }
        let perProtocol = { (durations: [Duration]) -> Double in
            let median = durations.sorted()[durations.count / 2]
            let seconds = Double(median.components.seconds) + Double(median.components.attoseconds) * 1e-18
            return seconds * 1000 / Double(max(protocolCount, 1))
        }
        print("files: \(sources.count), protocols: \(protocolCount)")
        print(
            String(format: "parse + generate: %.4f ms per protocol (median of 7 rounds)", perProtocol(parseAndGenerate))
        )
        print(String(format: "generate only:    %.4f ms per protocol (median of 7 rounds)", perProtocol(generateOnly)))
    }

    /// Every protocol declaration in the file, nested ones included.
    static func protocols(in tree: SourceFileSyntax) -> [ProtocolDeclSyntax] {
        final class Collector: SyntaxVisitor {
            var found: [ProtocolDeclSyntax] = []
            override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
                found.append(node)
                return .skipChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }

    static func swiftFiles(under root: String) throws -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"), relative.contains("Sources/") { files.append(root + "/" + relative) }
        }
        return files.sorted()
    }
}

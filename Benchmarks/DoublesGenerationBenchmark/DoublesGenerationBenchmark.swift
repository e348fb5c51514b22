import Foundation
@_spi(Benchmarks) import LitmusDoublesGenerator
import LitmusSupport
import SwiftParser
import SwiftSyntax

/// Times the doubles generator over every protocol of a corpus of Swift sources:
///
///     swift run -c release DoublesGenerationBenchmark /tmp/litmus-doubles-corpus/src
///
/// (scripts/doubles-corpus extracts that corpus: every module of its packages.) The files are read
/// once; then each round runs, per module, exactly what LitmusDoublesTool and `litmus doubles` run on
/// the files they read: `ModuleDoubles.generate(from:)`, which skips files without the word
/// `protocol`, parses the others' skeletons (their bodies without a protocol blanked) with
/// swift-syntax on every core, resolves inheritance and generates every double. It prints that
/// time per protocol; the same pipeline parsing every file whole, as it did before skeletons, and
/// the ratio; and the generator's time alone: each the median of seven rounds, measured with
/// ContinuousClock. It exits 1 if a module's doubles or warnings differ between the two pipelines.
@main
enum DoublesGenerationBenchmark {
    static func main() throws {
        let root = CommandLine.arguments.dropFirst().first ?? "/tmp/litmus-doubles-corpus/src"
        let modules = try sourcesByModule(under: root)
        guard !modules.isEmpty else {
            print("No .swift files under \(root); run scripts/doubles-corpus first or pass a folder.")
            exit(66)
        }
        let files = modules.flatMap(\.files)
        // The protocols of the corpus, counted once outside the timing: every declaration, nested
        // ones included, in every file (the pipeline reports those it cannot double as warnings).
        let declarations = files.flatMap { protocols(in: Parser.parse(source: $0.text)) }
        let parsedCount = files.filter { ModuleDoubles.mayDeclareProtocol($0.text) }.count
        let generator = DoubleGenerator()
        let clock = ContinuousClock()
        var pipeline: [Duration] = []
        var wholeFiles: [Duration] = []
        var generateOnly: [Duration] = []
        var doubles = 0
        for _ in 0..<7 {
            doubles = 0
            pipeline.append(
                clock.measure {
                    for module in modules {
                        doubles += ModuleDoubles(moduleName: module.name).generate(from: module.files).doubles.count
                    }
                }
            )
            wholeFiles.append(
                clock.measure {
                    for module in modules {
                        _ = ModuleDoubles(moduleName: module.name).generate(from: module.files, skim: false)
                    }
                }
            )
            generateOnly.append(
                clock.measure {
                    for declaration in declarations {
                        _ = generator.generate(for: declaration)
                    }
                }
            )
        }
        // Parsing skeletons must not change a byte of the output or of a warning.
        for module in modules {
            let sut = ModuleDoubles(moduleName: module.name)
            let skimmed = sut.generate(from: module.files)
            let whole = sut.generate(from: module.files, skim: false)
            guard skimmed.source == whole.source,
                skimmed.warnings.map(\.description) == whole.warnings.map(\.description)
            else {
                print("The module \(module.name)'s output differs when its files' skeletons are parsed.")
                exit(1)
            }
        }
        let perProtocol = { (durations: [Duration]) -> Double in
            let median = durations.sorted()[durations.count / 2]
            return median.inMilliseconds / Double(max(declarations.count, 1))
        }
        print(
            "modules: \(modules.count), files: \(files.count) (\(parsedCount) parsed), "
                + "protocols: \(declarations.count), doubles: \(doubles)"
        )
        print(String(format: "pipeline:      %.4f ms per protocol (median of 7 rounds)", perProtocol(pipeline)))
        print(
            String(
                format: "whole files:   %.4f ms per protocol (the same pipeline parsing every file whole; %.2fx)",
                perProtocol(wholeFiles), perProtocol(wholeFiles) / perProtocol(pipeline)
            )
        )
        print(String(format: "generate only: %.4f ms per protocol (median of 7 rounds)", perProtocol(generateOnly)))
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

    /// The corpus's modules: the files under each `…/Sources/<module>/`, read once, sorted by path.
    static func sourcesByModule(under root: String) throws -> [(name: String, files: [ModuleDoubles.SourceFile])] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var paths: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".swift"), relative.contains("Sources/") { paths.append(relative) }
        }
        var modules: [String: [ModuleDoubles.SourceFile]] = [:]
        for relative in paths.sorted() {
            let afterSources = relative.components(separatedBy: "Sources/")[1]
            let module = String(afterSources.prefix { $0 != "/" })
            let path = root + "/" + relative
            modules[module, default: []].append(
                ModuleDoubles.SourceFile(path: path, text: try String(contentsOfFile: path, encoding: .utf8))
            )
        }
        return modules.keys.sorted().map { (name: $0, files: modules[$0]!) }
    }
}

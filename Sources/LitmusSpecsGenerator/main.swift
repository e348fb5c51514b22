import Foundation
import LitmusSpecsScanner
import LitmusSupport

// LitmusSpecsPlugin's tool: `LitmusSpecsGenerator --module NAME --output FILE SOURCE.swift…`
// scans the sources for Quick specs, writes the runner code to FILE (only when it changed, so an
// unchanged target is not recompiled), and prints what it could not decide as warnings.

struct GeneratorArguments {
    var module = "Tests"
    var output: String?
    var sources: [String] = []

    init(_ arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--module": module = try Self.value(after: argument, in: &remaining)
            case "--output": output = try Self.value(after: argument, in: &remaining)
            default: sources.append(argument)
            }
        }
    }

    private static func value(after option: String, in remaining: inout ArraySlice<String>) throws -> String {
        guard let value = remaining.popFirst() else { throw GeneratorError.missingValue(option: option) }
        return value
    }
}

enum GeneratorError: Error, CustomStringConvertible {
    case missingValue(option: String)
    case missingOutput
    case unreadable(path: String, reason: String)

    var description: String {
        switch self {
        case .missingValue(let option): return "\(option) needs a value: \(option) VALUE"
        case .missingOutput: return "no output file: pass --output FILE"
        case .unreadable(let path, let reason): return "cannot read \(path) (\(reason)); check that it exists"
        }
    }
}

do {
    let arguments = try GeneratorArguments(Array(CommandLine.arguments.dropFirst()))
    guard let output = arguments.output else { throw GeneratorError.missingOutput }
    let files = try arguments.sources.map { path in
        do {
            return try SourceFile(contentsOf: path)
        } catch {
            throw GeneratorError.unreadable(path: path, reason: error.localizedDescription)
        }
    }
    let scan = SpecScanner.scan(files)
    for diagnostic in scan.diagnostics {
        FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
    }
    let source = SpecRunnerSource.generate(for: scan, module: arguments.module)
    if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
        try source.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("LitmusSpecsGenerator: error: \(error)\n".utf8))
    exit(1)
}

import Foundation
import LitmusDoublesGenerator
import LitmusSupport

/// The executable LitmusDoublesPlugin runs once per module at build time:
///
///     LitmusDoublesTool <module> <output.swift> <source.swift>...
///
/// It writes the module's doubles to the output file and prints a compiler-style warning, with file
/// and line, for every protocol or construct it could not double. It never fails the build for those.
@main
enum LitmusDoublesTool {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(
                Data("usage: LitmusDoublesTool <module> <output.swift> <source.swift>...\n".utf8))
            exit(64)
        }
        let moduleName = arguments[arguments.startIndex]
        let outputPath = arguments[arguments.startIndex + 1]
        do {
            let files = try arguments.dropFirst(2).map { path in
                try SourceFile(contentsOf: path)
            }
            let output = ModuleDoubles(moduleName: moduleName).generate(from: files)
            for warning in output.warnings {
                print(warning)
            }
            try Data(output.source.utf8).write(to: URL(fileURLWithPath: outputPath), options: .atomic)
        } catch {
            FileHandle.standardError.write(
                Data("error: LitmusDoublesTool could not generate \(moduleName)'s doubles: \(error)\n".utf8))
            exit(1)
        }
    }
}

import PackagePlugin

/// Applied to a test target, generates the code that lets `swift test` on Linux find and count the
/// target's Quick specs (QuickSpec and AsyncSpec subclasses), with no list kept by hand.
///
/// The generator reads the target's Swift files and writes one Swift file into the build folder;
/// docs/specs.md says what it finds, what it cannot decide, and why Apple platforms need none of it.
@main
struct LitmusSpecsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let sources = target.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appending(path: "LitmusSpecs.generated.swift")
        return [
            .buildCommand(
                displayName: "Finding the Quick specs of \(target.name)",
                executable: try context.tool(named: "LitmusSpecsGenerator").url,
                arguments: ["--module", target.name, "--output", output.path()] + sources.map { $0.path() },
                inputFiles: sources,
                outputFiles: [output]
            )
        ]
    }
}

import PackagePlugin

/// Generates doubles of every protocol in the modules a test target depends on, into that test target.
///
/// Apply it to a test target: `plugins: [.plugin(name: "LitmusDoublesPlugin", package: "Litmus")]`.
/// Each direct dependency that is a Swift source module of the package (Litmus's own modules aside)
/// gets a `<Module>Doubles.swift` compiled into the test target, so production code carries no
/// attribute and no double. Protocols that cannot be doubled are build warnings with file and line.
@main
struct LitmusDoublesPlugin: BuildToolPlugin {
    /// Litmus's own modules, whose protocols are not doubled.
    private static let ownModules: Set<String> = ["LitmusDoubles", "LitmusDoublesMacro"]

    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        let tool = try context.tool(named: "LitmusDoublesTool")
        let modules = target.dependencies.compactMap { dependency -> SwiftSourceModuleTarget? in
            guard case .target(let dependencyTarget) = dependency else { return nil }
            return dependencyTarget as? SwiftSourceModuleTarget
        }
        return modules.filter { !Self.ownModules.contains($0.name) }.map { module in
            let sources = module.sourceFiles(withSuffix: "swift").map(\.url)
            let output = context.pluginWorkDirectoryURL.appending(path: "\(module.name)Doubles.swift")
            return .buildCommand(
                displayName: "Generating doubles of \(module.name)'s protocols",
                executable: tool.url,
                arguments: [module.moduleName, output.path()] + sources.map { $0.path() },
                inputFiles: sources,
                outputFiles: [output]
            )
        }
    }
}

/// The one place where a path in the audit's copy of the package is mapped back to the package: to a
/// path relative to it (`Tests/AppTests/CartTests.swift`, for findings and tests), or to the path in
/// the package the user named (for messages that print paths, such as a test's failure).
struct PathMap: Sendable, Hashable {
    /// The copy's folder.
    var copy: String
    /// The folder of the package the user named.
    var original: String

    /// `path` relative to the package, when it lies in the copy; else `path` as it is.
    func relative(_ path: String) -> String {
        let root = copy + "/"
        return path.hasPrefix(root) ? String(path.dropFirst(root.count)) : path
    }

    /// `path` relative to the package when it lies in one of `folders` (relative to the package);
    /// `nil` otherwise (a test target's file, a dependency's).
    func relative(_ path: String, within folders: [String]) -> String? {
        let mapped = relative(path)
        guard mapped != path, folders.contains(where: { mapped.hasPrefix($0 + "/") }) else { return nil }
        return mapped
    }

    /// `path` in the original package, when it lies in the copy; else `path` as it is.
    func original(_ path: String) -> String {
        path == copy || path.hasPrefix(copy + "/") ? original + path.dropFirst(copy.count) : path
    }

    /// `text` with every mention of the copy's folder replaced by the original package's folder.
    func originalText(_ text: String) -> String {
        text.replacingOccurrences(of: copy, with: original)
    }

    /// The test's file relative to the package.
    func relative(_ test: TestIdentity) -> TestIdentity {
        var mapped = test
        mapped.file = test.file.map(relative)
        return mapped
    }

    /// The analysis with its files (test classes, findings) relative to the package.
    func relative(_ analysis: SourceAnalysis) -> SourceAnalysis {
        var mapped = analysis
        mapped.classes = analysis.classes.map { declaration in
            var relocated = declaration
            relocated.file = relative(declaration.file)
            return relocated
        }
        mapped.findings = analysis.findings.map { finding in
            var relocated = finding
            relocated.file = finding.file.map(relative)
            return relocated
        }
        mapped.assertionSites = analysis.assertionSites.map(relative)
        mapped.helperSites = analysis.helperSites.mapValues { $0.map(relative) }
        mapped.typeNames = Dictionary(analysis.typeNames.map { (relative($0.key), $0.value) }) { first, _ in first }
        mapped.measuringTests = Dictionary(analysis.measuringTests.map { (relative($0.key), $0.value) }) { a, b in a + b
        }
        return mapped
    }

    /// The checks with their paths relative to the package.
    private func relative(_ sites: AssertionSites) -> AssertionSites {
        func move(_ position: SourcePosition) -> SourcePosition {
            SourcePosition(file: relative(position.file), line: position.line, column: position.column)
        }
        var mapped = sites
        mapped.file = relative(sites.file)
        mapped.body = sites.body.map(move)
        mapped.sites = sites.sites.map { site in
            var moved = site
            moved.position = move(site.position)
            moved.decidedAt = move(site.decidedAt)
            moved.decider = site.decider.map(move)
            moved.skippers = site.skippers.map { .init(description: $0.description, body: move($0.body)) }
            return moved
        }
        return mapped
    }
}

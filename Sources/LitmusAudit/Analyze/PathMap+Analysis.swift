import LitmusRunning

extension PathMap {
    /// The analysis with its files (test classes, findings) relative to the package.
    func relative(_ analysis: SourceAnalysis) -> SourceAnalysis {
        var mapped = analysis
        mapped.classes = analysis.classes.map { declaration in
            var relocated = declaration
            relocated.file = relative(declaration.file)
            return relocated
        }
        mapped.findings = analysis.findings.map { found in
            var relocated = found
            relocated.finding.file = found.finding.file.map(relative)
            relocated.finding.unconfirmed = found.finding.unconfirmed.map(originalText)
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
            SourcePosition(file: position.file.map(relative), line: position.line, column: position.column)
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

import SwiftSyntax

/// The helper types through which a double reaches the defaults of its protocol's extensions
/// (``DefaultsPlan``).
extension DoubleEmitter {
    /// The helper type of ``DefaultsPlan`` for the requirement recorded by `recorder`: every other
    /// requirement's witness calls the double (`witnesses`), and this one's is the extension's default.
    func defaultsHelper(_ defaults: DefaultsPlan, recorder: String, witnesses: [String]) -> [String] {
        let protocolName = analysis.decl.name.text
        let helperName = defaults.helperName(for: recorder)
        var lines = [
            "",
            "/// Conforms to `\(protocolName)` without `\(recorder)`, so that calling it runs the default of the",
            "/// protocol's extension; its other members call the double. `\(name)` answers an unstubbed call with it.",
        ]
        if defaults.isClass {
            lines.append(
                header(typeName: helperName, kind: "fileprivate final class", conformances: ", @unchecked Sendable"))
            lines += associatedTypeAliases()
            lines += [
                "    // Set once, in init: the double keeps its helper, so the helper refers to it weakly.",
                "    private weak var litmusWeakDouble: \(defaults.doubleType)?",
                "",
                "    init(_ double: \(defaults.doubleType)) {",
                "        litmusWeakDouble = double",
                "    }",
                "",
                "    private var litmusDouble: \(defaults.doubleType) {",
                "        guard let litmusWeakDouble else {",
                "            fatalError(",
                "                \"\(name) was released while a value made by the default of \(recorder) still uses it; \"",
                "                    + \"keep the double as long as that value\")",
                "        }",
                "        return litmusWeakDouble",
                "    }",
            ]
        } else {
            lines.append(header(typeName: helperName, kind: "fileprivate struct", conformances: ", Sendable"))
            lines += associatedTypeAliases()
            lines.append("    let litmusDouble: \(defaults.doubleType)")
        }
        for witness in witnesses {
            lines.append("")
            lines.append(witness)
        }
        lines.append("}")
        return lines
    }

    /// `typealias Input = Request` for each associated type the protocol binds.
    private func associatedTypeAliases() -> [String] {
        analysis.associatedTypes.compactMap { associated in
            associated.boundType.map { "    typealias \(associated.name) = \($0)" }
        }
    }
}

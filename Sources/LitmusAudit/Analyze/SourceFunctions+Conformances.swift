import SwiftSyntax

/// The protocols the package's own types conform to, read from their declarations and extensions.
extension SourceFunctions {
    /// Whether the package's own sources (not its tests) make `written`, or a class it inherits from there,
    /// conform to `CustomStringConvertible` or `LosslessStringConvertible`, in a declaration or an extension, and give
    /// it a `description`: the text `String(describing:)` prints for a value of it is the one the package wrote
    /// (grpc/grpc-swift 1.26.1's `GRPCTimeout`, whose description is its `grpc-timeout` header value). A type that
    /// declares a `description` without the conformance is reflected by `String(describing:)` instead: its fields, as
    /// the standard library lists them.
    func describesItself(_ written: String) -> Bool {
        declaresMember("description", ofTypeOrSuperclass: written)
            && superclassChain(from: written).contains(where: conformsToDescription)
    }

    /// Whether a declaration or an extension of `written` in the package's own sources names one of the protocols
    /// whose `description` `String(describing:)` prints.
    private func conformsToDescription(_ written: String) -> Bool {
        remembered("describes-itself|\(written)") {
            lock.withLock {
                ownDeclarations(of: written).contains { group in
                    group.inheritanceClause?.inheritedTypes.contains {
                        Self.describingProtocols.contains($0.type.trimmedDescription)
                    } == true
                }
            }
        }
    }

    /// The protocols whose `description` `String(describing:)` prints.
    private static let describingProtocols: Set<String> = [
        "CustomStringConvertible", "Swift.CustomStringConvertible", "LosslessStringConvertible",
        "Swift.LosslessStringConvertible",
    ]
}

// TEMPORARY: runs `litmus audit` until the integrator mounts AuditCommand in the `litmus` executable.
import LitmusAuditCommand

/// The `litmus-audit` executable: `AuditCommand` on its own.
@main enum LitmusAuditMain { static func main() async { await AuditCommand.main(nil) } }

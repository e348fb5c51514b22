#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The processor time (user and system) of every child process this process has waited for, in seconds
/// (`getrusage(RUSAGE_CHILDREN)`). Taken before and after a child that runs with no other child beside it,
/// the difference is that child's processor time, however long it waited for a processor.
package enum ChildrenProcessorTime {
    /// The processor time of the children waited for so far.
    package static func seconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = __rusage_who_t(RUSAGE_CHILDREN.rawValue)
        #else
            let who = RUSAGE_CHILDREN
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

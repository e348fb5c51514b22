extension Duration {
    /// The duration in seconds, fractions kept (`1.5` for 1 500 ms), for reports and time limits.
    package var inSeconds: Double { self / .seconds(1) }

    /// The duration in milliseconds, fractions kept (`0.25` for 250 µs), for reports and traces.
    package var inMilliseconds: Double { self / .milliseconds(1) }
}

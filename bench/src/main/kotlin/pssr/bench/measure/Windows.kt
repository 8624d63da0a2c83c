package pssr.bench.measure

import java.time.Duration

/**
 * How long each level runs: a warm-up window (discarded) then the measured window, which in the seeds' load profile is
 * [requestsPerUser] requests from every user instead of [measured] (0: a time window; [LoadDriver.runRequests]).
 */
data class Windows(val warmup: Duration, val measured: Duration, val requestsPerUser: Int = 0) {
    companion object {
        /** A page this long or longer is measured after a lead on the same connections ([leadFor]). */
        const val LONG_PAGE_SECONDS = 0.05

        /**
         * The load before a long page's window, on the window's own connections: (k + 1/2) page times, k the page times it takes
         * [users] to connect and at least 1. A fresh closed loop's connections all start their first page at once and finish it
         * together, in waves a page time apart; the lead lets every connection connect and finish at least one page, and puts
         * the window's ends between two waves. Connecting is given a second and a second more per 4,096 users (wrk opens them
         * from one thread, and past the listen backlog a dropped SYN is sent again a second later). Zero for a short page: its
         * fresh driver ramps within milliseconds.
         */
        fun leadFor(pageSeconds: Double, users: Int = 0): Duration {
            if (pageSeconds < LONG_PAGE_SECONDS) return Duration.ZERO
            val connect = 1.0 + users / 4096
            val k = maxOf(1.0, Math.ceil(connect / pageSeconds - 1e-9))
            return Duration.ofMillis(((k + 0.5) * pageSeconds * 1000).toLong())
        }

        /** A long page's measured window: [measured] rounded up to whole page times, so that it counts whole waves. */
        fun windowFor(pageSeconds: Double, measured: Duration): Duration {
            if (pageSeconds < LONG_PAGE_SECONDS) return measured
            val pageMs = (pageSeconds * 1000).toLong()
            return Duration.ofMillis(maxOf(1L, Math.ceilDiv(measured.toMillis(), pageMs)) * pageMs)
        }
    }
}

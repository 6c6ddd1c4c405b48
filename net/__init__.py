"""Play across machines: the referee of one table (`net.referee`) served by a host
(`net.host`) that players join (`net.client`), in the messages of `net.protocol`; the code is
proven, never sent (`net.proof`), every peer is held to the limits of `net.limits` (kept by
`net.link` for any websocket listener); `net.discovery` finds tables on the home network."""

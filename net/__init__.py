"""Play across machines: a host serves the authoritative match (`net.host`), players join with
a table code (`net.client`), in the messages of `net.protocol`; `net.discovery` finds tables on
the home network."""

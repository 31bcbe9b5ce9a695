//! This computer's address on the local network, as the pupils' devices
//! reach it: found from its network interfaces (with `if-addrs`), for the
//! addresses a class prints and draws as a QR code.

use std::net::{IpAddr, Ipv4Addr};

/// The address of this computer that pupils' devices on the same network
/// most likely reach: an IPv4 address of an interface that is up, not the
/// loopback and not link-local, the home and school ranges (192.168.x.x,
/// then 10.x.x.x, then 172.16-31.x.x) first; failing that, such an IPv6
/// address. `None` when this computer is on no network.
pub(crate) fn local_address() -> Option<IpAddr> {
    let interfaces = if_addrs::get_if_addrs().ok()?;
    let ips = interfaces
        .iter()
        .filter(|i| i.is_oper_up() && !i.is_loopback() && !i.is_link_local())
        .map(if_addrs::Interface::ip);
    best(ips)
}

/// The best of `ips` for pupils to reach, by [`local_address`]'s order.
fn best(ips: impl Iterator<Item = IpAddr>) -> Option<IpAddr> {
    ips.filter(|ip| !ip.is_loopback() && !ip.is_unspecified() && !ip.is_multicast())
        .min_by_key(|ip| rank(*ip))
}

/// Smaller is likelier to be the classroom's network.
fn rank(ip: IpAddr) -> u8 {
    match ip {
        IpAddr::V4(v4) => match v4.octets() {
            [192, 168, ..] => 0,
            [10, ..] => 1,
            [172, b, ..] if (16..32).contains(&b) => 2,
            _ if v4.is_link_local() => 5,
            _ => 3,
        },
        IpAddr::V6(_) => 4,
    }
}

/// The address shown for a server listening on `host`: this computer's
/// address on the network when it listens on every address, else `host`
/// itself. The flag is false when a network address was wanted and none
/// was found, so the loopback is shown instead.
pub(crate) fn shown(host: IpAddr) -> (IpAddr, bool) {
    match host.is_unspecified() {
        true => match local_address() {
            Some(ip) => (ip, true),
            None => (IpAddr::V4(Ipv4Addr::LOCALHOST), false),
        },
        false => (host, true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_classrooms_network_comes_first() {
        let ip = |text: &str| text.parse::<IpAddr>().unwrap();
        let cases: &[(&[&str], Option<&str>)] = &[
            (&["172.17.0.1", "192.168.1.20"], Some("192.168.1.20")),
            (&["10.0.0.5", "172.20.1.1"], Some("10.0.0.5")),
            (&["fd00::5", "172.20.1.1"], Some("172.20.1.1")),
            (&["fd00::5"], Some("fd00::5")),
            (&["127.0.0.1", "::1"], None),
            (&[], None),
        ];
        for (given, expected) in cases {
            let found = best(given.iter().map(|t| ip(t)));
            assert_eq!(found, expected.map(ip), "{given:?}");
        }
        // Whatever this computer has, it is never the loopback.
        assert!(local_address().is_none_or(|ip| !ip.is_loopback()));
    }
}

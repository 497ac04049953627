import { startBalancer } from './balancer.ts'

// The local cluster's balancer as a process of its own (scripts/run/cluster.ts
// starts it): `node balancer-process.ts <port> <upstream port>…`, all on
// 127.0.0.1. Prints `listening <port>` once it accepts connections; SIGTERM
// closes it.

const [port, ...upstreams] = process.argv.slice(2).map(Number)
if (port === undefined || upstreams.length === 0 || [port, ...upstreams].some((value) => !Number.isInteger(value) || value < 1 || value > 65_535)) {
  process.stderr.write('usage: balancer-process.ts <port> <upstream port>…\n')
  process.exit(64)
}
const balancer = await startBalancer({ port, upstreams: upstreams.map((upstream) => ({ host: '127.0.0.1', port: upstream })) })
process.stdout.write(`listening ${port}\n`)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void balancer.close().finally(() => process.exit(0)))
}

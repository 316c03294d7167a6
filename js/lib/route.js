// Checks and encodes a topic route (wasm/route.go readRoute): the shape
// `mqadmin topicRoute` prints. Used by rmq.proxyAssignment.
//
// TODO(merge): rmq.routeToQueues in api.js encodes the same layout inline;
// it can call encRoute(enc, o.route, 'route') instead.

import { array, int32, object, string } from './validate.js';

/** Encodes route r; field names the argument in error messages. */
export function encRoute(enc, route, field) {
  const r = object(route, field);
  const otc = r.orderTopicConf ?? null;
  enc.bool(otc !== null);
  if (otc !== null) enc.str(string(otc, `${field}.orderTopicConf`));
  const qds = array(r.queueDatas ?? [], `${field}.queueDatas`);
  enc.uv(qds.length);
  for (let i = 0; i < qds.length; i++) {
    const f = `${field}.queueDatas[${i}]`;
    const qd = object(qds[i], f);
    enc.str(string(qd.brokerName, `${f}.brokerName`));
    enc.i32(int32(qd.readQueueNums, `${f}.readQueueNums`));
    enc.i32(int32(qd.writeQueueNums, `${f}.writeQueueNums`));
    enc.i32(int32(qd.perm, `${f}.perm`));
    enc.i32(int32(qd.topicSysFlag ?? 0, `${f}.topicSysFlag`));
  }
  const bds = array(r.brokerDatas ?? [], `${field}.brokerDatas`);
  enc.uv(bds.length);
  for (let i = 0; i < bds.length; i++) {
    const f = `${field}.brokerDatas[${i}]`;
    const bd = object(bds[i], f);
    enc.str(string(bd.cluster ?? '', `${f}.cluster`));
    enc.str(string(bd.brokerName, `${f}.brokerName`));
    const addrs = bd.brokerAddrs == null ? {} : object(bd.brokerAddrs, `${f}.brokerAddrs`);
    const keys = Object.keys(addrs);
    enc.uv(keys.length);
    for (const k of keys) {
      enc.str(k);
      enc.str(string(addrs[k], `${f}.brokerAddrs[${JSON.stringify(k)}]`));
    }
  }
}

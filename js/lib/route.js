// Checks and encodes a topic route (wasm/route.go readRoute): the shape
// `mqadmin topicRoute` prints. Used by rmq.routeToQueues and
// rmq.proxyAssignment. Arrays are read by index (holes and odd prototypes
// give a TypeError naming field[i]); every value is read once.

import { array, int32, object, string } from './validate.js';

/** Encodes route; field names the argument in error messages. */
export function encRoute(enc, route, field) {
  const { orderTopicConf, queueDatas, brokerDatas } = object(route, field);
  const otc = orderTopicConf ?? null;
  enc.bool(otc !== null);
  if (otc !== null) enc.str(string(otc, `${field}.orderTopicConf`));
  const qds = queueDatas ?? [];
  const nq = array(qds, `${field}.queueDatas`);
  enc.uv(nq);
  for (let i = 0; i < nq; i++) {
    const f = `${field}.queueDatas[${i}]`;
    const { brokerName, readQueueNums, writeQueueNums, perm, topicSysFlag } = object(qds[i], f);
    enc.str(string(brokerName, `${f}.brokerName`));
    enc.i32(int32(readQueueNums, `${f}.readQueueNums`));
    enc.i32(int32(writeQueueNums, `${f}.writeQueueNums`));
    enc.i32(int32(perm, `${f}.perm`));
    enc.i32(int32(topicSysFlag ?? 0, `${f}.topicSysFlag`));
  }
  const bds = brokerDatas ?? [];
  const nb = array(bds, `${field}.brokerDatas`);
  enc.uv(nb);
  for (let i = 0; i < nb; i++) {
    const f = `${field}.brokerDatas[${i}]`;
    const { cluster, brokerName, brokerAddrs } = object(bds[i], f);
    enc.str(string(cluster ?? '', `${f}.cluster`));
    enc.str(string(brokerName, `${f}.brokerName`));
    const addrs = brokerAddrs == null ? {} : object(brokerAddrs, `${f}.brokerAddrs`);
    const keys = Object.keys(addrs);
    enc.uv(keys.length);
    for (const k of keys) {
      enc.str(k);
      enc.str(string(addrs[k], `${f}.brokerAddrs[${JSON.stringify(k)}]`));
    }
  }
}

// Decoders of custom response values declared in internal/wireschema
// full.go, which js/lib/ops.generated.js calls: queues (which the core
// build's route and producerState answer too) and the full build's routeOut.

/**
 * A queue list written out in full (wasm/select.go writeQueues): uvarint
 * n+1 (0: null), then per queue a 0 and the queue; frozen queue objects.
 */
export function decQueues(d) {
  const n1 = d.uv();
  if (n1 === 0) return null;
  const out = new Array(n1 - 1);
  for (let i = 0; i < out.length; i++) {
    d.uv(); // always 0: no base list
    out[i] = Object.freeze({ topic: d.str(), brokerName: d.str(), queueId: d.i32() });
  }
  return out;
}

/** A route as wasm/route_text.go writeRoute writes it (routeToQueues's object). */
export function decRoute(d) {
  const route = { orderTopicConf: d.bool() ? d.str() : null, queueDatas: [], brokerDatas: [] };
  for (let n = d.uv(); n > 0; n--) {
    route.queueDatas.push({ brokerName: d.str(), readQueueNums: d.i32(), writeQueueNums: d.i32(), perm: d.i32(), topicSysFlag: d.i32() });
  }
  for (let n = d.uv(); n > 0; n--) {
    const bd = { cluster: d.str(), brokerName: d.str(), brokerAddrs: {} };
    for (let m = d.uv(); m > 0; m--) {
      const k = d.str();
      bd.brokerAddrs[k] = d.str();
    }
    route.brokerDatas.push(bd);
  }
  return route;
}

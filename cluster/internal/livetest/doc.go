// Package livetest checks rmqalloc against a real RocketMQ cluster: the
// rocketmq-kit's NameServer, brokers, Java and Go consumers and producers.
// Its tests need the build tag live and the environment that
// scripts/test-live.sh sets up (make test-live); without the tag the package
// is empty.
package livetest

module github.com/rmqalloc/rmqalloc

go 1.26.8

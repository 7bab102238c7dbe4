// Command ferretdb runs FerretDB v1 (MongoDB wire protocol on SQLite files) for local development
// and tests. It wraps FerretDB's embeddable package rather than building FerretDB's own command,
// because that command refuses to start when built from the module archive (its version files
// are generated in FerretDB's repository and are absent from the published module).
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite URI of the data directory")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	db, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listenAddr},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: *sqliteURL,
	})
	if err != nil {
		logger.Error("cannot start FerretDB", "error", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	logger.Warn("FerretDB listening", "address", *listenAddr, "data", *sqliteURL)
	if err := db.Run(ctx); err != nil && ctx.Err() == nil {
		logger.Error("FerretDB stopped", "error", err)
		os.Exit(1)
	}
}

from farol.cli.main import main

main()

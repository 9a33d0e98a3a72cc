from moontable.cli import main

main()

"""Matar o servidor no meio de uma escrita não deixa ato gravado pela metade."""

from __future__ import annotations

import datetime as dt
import os
import signal
import subprocess
import sys
import textwrap

from sqlalchemy import func, select

from farol.services import inspecoes
from farol.services.jurisdicao import ator_do_usuario
from farol.services.usuarios import criar_om, criar_usuario
from farol.store.auditoria import verificar_cadeias
from farol.store.db import Banco
from farol.store.orm import Ato, AutoDeInfracao, Numeracao, Prazo, Processo

ESCRITOR = textwrap.dedent(
    """
    import datetime as dt, sys, time
    from sqlalchemy import select
    from farol.services import processos
    from farol.services.comandos import NovoAto
    from farol.services.jurisdicao import ator_do_usuario
    from farol.store.db import Banco
    from farol.store.orm import Usuario

    banco = Banco.conectar(sys.argv[1])
    with banco.unit_of_work() as s:
        u = s.execute(select(Usuario).where(Usuario.login == "aut")).scalar_one()
        ator = ator_do_usuario(s, u)
        dados = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
        cmd = NovoAto(tipo="lavratura_auto", data_ato=dt.date(2026, 9, 15), dados=dados)
        processos.registrar_ato(s, ator, int(sys.argv[2]), cmd)
        s.flush()
        print("gravado-sem-commit", flush=True)
        time.sleep(60)  # morto aqui, antes do commit
    """
)


def test_processo_morto_antes_do_commit_nao_deixa_ato_nem_auto_nem_numero(url_banco: str) -> None:
    banco = Banco.conectar(url_banco)
    with banco.unit_of_work() as s:
        om = criar_om(s, sigla="CPSC", nome="Capitania dos Portos de Santa Catarina", tipo="CP",
                      uf="SC", municipio="Florianópolis")  # fmt: skip
        insp = criar_usuario(s, login="insp", nome="Inspetor", senha="x", papel="inspetor", om=om)
        criar_usuario(s, login="aut", nome="Autoridade", senha="x", papel="autoridade_competente", om=om)
        cmd = inspecoes.NovaInspecao.model_validate({
            "embarcacao": {"inscricao": "4410123123", "nome": "Netuno"},
            "proprietario": {"documento": "529.982.247-25", "nome": "José da Silva"},
            "data_hora": "2026-09-01T10:00:00-03:00", "local": "Baía Norte",
            "situacao": "parada", "condutor_habilitado_presente": True,
            "constatacoes": [{"infracao": "RLESTA.16.II", "embarcacao_inscrita": True}],
        })  # fmt: skip
        pid = inspecoes.registrar_inspecao(s, ator_do_usuario(s, insp), cmd).processos[0].id

    def retrato() -> tuple[object, ...]:
        with banco.unit_of_work(somente_leitura=True) as s:
            p = s.get(Processo, pid)
            assert p is not None
            return (
                p.estado,
                p.versao,
                s.execute(select(func.count()).select_from(Ato)).scalar_one(),
                s.execute(select(func.count()).select_from(AutoDeInfracao)).scalar_one(),
                s.execute(select(func.count()).select_from(Prazo)).scalar_one(),
                tuple(s.execute(select(Numeracao.tipo, Numeracao.ultimo).order_by(Numeracao.tipo)).all()),
            )

    antes = retrato()
    filho = subprocess.Popen(
        [sys.executable, "-c", ESCRITOR, url_banco, str(pid)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ},
    )
    assert filho.stdout is not None
    linha = filho.stdout.readline()
    assert linha.strip() == "gravado-sem-commit", filho.stderr.read() if filho.stderr else ""
    filho.send_signal(signal.SIGKILL)
    filho.wait(timeout=30)

    assert retrato() == antes
    with banco.unit_of_work(somente_leitura=True) as s:
        assert verificar_cadeias(s) == []
        assert s.get(Processo, pid).estado == "notificado"  # type: ignore[union-attr]
    # e o processo continua utilizável: o mesmo ato, agora completo, é aceito
    from farol.services import processos
    from farol.services.comandos import NovoAto
    from farol.store.orm import Usuario

    with banco.unit_of_work() as s:
        u = s.execute(select(Usuario).where(Usuario.login == "aut")).scalar_one()
        dados = {"infracoes": [{"infracao": "RLESTA.16.II", "autor_tipo": "proprietario"}]}
        r = processos.registrar_ato(s, ator_do_usuario(s, u), pid, NovoAto(tipo="lavratura_auto", data_ato=dt.date(2026, 9, 15), dados=dados))
        assert r.auto.sequencial == 1
    banco.fechar()
